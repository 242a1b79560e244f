// The document beside the fields: its pages as images (fetched with the token, shown as
// blob: URLs) and the provenance boxes laid over them, placed in percent of the image so
// they follow it when the window is resized.
import { el, fetchFile } from "./api.js";

const RENDER_SCALE = 2; // pixels per PDF point, as lib/page_images.py renders

export class DocumentView {
  constructor(root, onBoxClick) {
    this.root = root;
    this.onBoxClick = onBoxClick;
    this.pages = []; // {layer, width, height}
    this.objectUrls = [];
    this.loading = 0;
  }

  /** Load the pages of the document at `documentUrl` (its API path, e.g.
   * /api/purchase-orders/7); `boxes` are [{field, box: {page, bbox}}]. */
  async show(documentUrl, boxes) {
    const loading = ++this.loading;
    this.objectUrls.forEach((url) => URL.revokeObjectURL(url));
    this.objectUrls = [];
    this.pages = [];
    this.root.replaceChildren(el("p", { class: "hint" }, "Loading the document…"));
    const pages = [];
    let count = 1;
    for (let number = 1; number <= count; number += 1) {
      const response = await fetchFile(`${documentUrl}/pages/${number}.png`);
      count = Number(response.headers.get("X-Page-Count")) || 1;
      const url = URL.createObjectURL(await response.blob());
      this.objectUrls.push(url);
      const image = el("img", { src: url, alt: `Page ${number}`, class: "page-image" });
      await image.decode();
      if (loading !== this.loading) return;
      const layer = el("div", { class: "box-layer" });
      pages.push({ figure: el("div", { class: "page", "data-page": String(number) }, image, layer), layer, width: image.naturalWidth, height: image.naturalHeight });
    }
    this.pages = pages;
    this.root.replaceChildren(...pages.map((p) => p.figure));
    this.setBoxes(boxes);
  }

  setBoxes(boxes) {
    this.pages.forEach((page) => page.layer.replaceChildren());
    for (const { field, box } of boxes) {
      const page = this.pages[box.page];
      if (!page) continue;
      const [x0, y0, x1, y1] = box.bbox.map((v) => v * RENDER_SCALE);
      const percent = (value, size) => `${(100 * value) / size}%`;
      const node = el("div", { class: "box", "data-field": field, title: field, onclick: () => this.onBoxClick(field) });
      // Through the CSSOM: the page's CSP refuses style attributes.
      Object.assign(node.style, {
        left: percent(x0, page.width),
        top: percent(y0, page.height),
        width: percent(x1 - x0, page.width),
        height: percent(y1 - y0, page.height),
      });
      page.layer.append(node);
    }
  }

  /** Mark the box of `field` (or none) and bring it into view. */
  highlight(field) {
    let found = null;
    for (const box of this.root.querySelectorAll(".box")) {
      const on = box.dataset.field === field;
      box.classList.toggle("focused", on);
      if (on) found = box;
    }
    if (found) found.scrollIntoView({ block: "nearest", inline: "nearest" });
    return Boolean(found);
  }
}
