// A dead batch whose error says the document is of the other kind ("… retry as delivery
// note") offers a retry as that kind.
const OTHER_KINDS = [
  { phrase: "retry as delivery note", batch_type: "delivery_notes", label: "Retry as delivery note" },
  { phrase: "retry as purchase order", batch_type: "purchase_orders", label: "Retry as purchase order" },
];

/** {batch_type, label} to retry `batch` as, or null. */
export function retryAs(batch) {
  if (batch.status !== "dead" || !batch.last_error) return null;
  const error = batch.last_error.toLowerCase();
  return OTHER_KINDS.find((kind) => error.includes(kind.phrase) && kind.batch_type !== batch.batch_type) || null;
}
