// The order's arithmetic, as the server checks it (lib/extraction/checks.py), on exact
// decimals (BigInt scaled by a power of ten): a float would call 0.1 + 0.2 a mismatch.

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d+))?$/;

/** "12.50" → {n: 1250n, s: 2}; null for an empty or unreadable value. */
export function parseDecimal(text) {
  const match = DECIMAL.exec(String(text ?? "").trim().replaceAll(" ", ""));
  if (!match) return null;
  const fraction = match[3] || "";
  const n = BigInt(match[2] + fraction);
  return { n: match[1] === "-" ? -n : n, s: fraction.length };
}

function rescaled(a, s) {
  return a.n * 10n ** BigInt(s - a.s);
}

function add(a, b) {
  const s = Math.max(a.s, b.s);
  return { n: rescaled(a, s) + rescaled(b, s), s };
}

function negate(a) {
  return { n: -a.n, s: a.s };
}

function multiply(a, b) {
  return { n: a.n * b.n, s: a.s + b.s };
}

const ZERO = { n: 0n, s: 0 };
const CENT = { n: 1n, s: 2 };

/** |a − b| ≤ tolerance */
function close(a, b, tolerance) {
  const difference = add(a, negate(b));
  const s = Math.max(difference.s, tolerance.s);
  const size = rescaled(difference, s);
  return (size < 0n ? -size : size) <= rescaled(tolerance, s);
}

/** At least two decimals, no more than needed: 21 → "21.00", 0.125 → "0.125". */
export function formatDecimal(a) {
  let { n, s } = a;
  while (s > 2 && n % 10n === 0n) {
    n /= 10n;
    s -= 1;
  }
  if (s < 2) return formatDecimal({ n: n * 10n ** BigInt(2 - s), s: 2 });
  const digits = (n < 0n ? -n : n).toString().padStart(s + 1, "0");
  return `${n < 0n ? "-" : ""}${digits.slice(0, -s)}.${digits.slice(-s)}`;
}

/**
 * What adds up and what does not. `order` holds texts: subtotal, tax, total, allowances,
 * charges, and items [{quantity, unit_price, line_total}]. Each check is null when a value it
 * needs is missing, else {expected, ok}.
 */
export function checkArithmetic(order) {
  const lines = order.items.map((item) => {
    const [quantity, price, total] = [item.quantity, item.unit_price, item.line_total].map(parseDecimal);
    if (!quantity || !price || !total) return null;
    const expected = multiply(quantity, price);
    return { expected, ok: close(expected, total, CENT) };
  });
  const lineTotals = order.items.map((item) => parseDecimal(item.line_total));
  const allLineTotals = lineTotals.every(Boolean);
  const sum = allLineTotals ? lineTotals.reduce(add, ZERO) : null;
  const subtotal = parseDecimal(order.subtotal);
  let subtotalCheck = null;
  if (sum && subtotal) {
    // Half a cent of rounding per line, at least a cent.
    const halfCents = { n: BigInt(Math.max(2, lineTotals.length)) * 5n, s: 3 };
    subtotalCheck = { expected: sum, ok: close(sum, subtotal, halfCents) };
  }
  const total = parseDecimal(order.total);
  const base = subtotal || sum;
  let totalCheck = null;
  if (total && base) {
    const [allowances, charges, tax] = [order.allowances, order.charges, order.tax].map((v) => parseDecimal(v) || ZERO);
    const expected = add(add(add(base, negate(allowances)), charges), tax);
    totalCheck = { expected, ok: close(expected, total, CENT) };
  }
  return { lines, subtotal: subtotalCheck, total: totalCheck };
}
