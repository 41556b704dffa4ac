// Build a DOM subtree from the view tree's JSON in one call from Python (app/patcher.py): a new
// tab of a thousand nodes is one crossing of the Python-JavaScript bridge, not four per node.
// Exactly what patcher.create() makes node by node: no HTML parsing, so adjacent and empty texts,
// SVG and field values come out as the view says.
const SVG_NS = "http://www.w3.org/2000/svg";
const SVG_TAGS = new Set(["svg", "rect", "g", "line", "title", "text", "path"]);

function build(node) {
  if (typeof node === "string") return document.createTextNode(node);
  const [tag, attrs, children] = node;
  const el = SVG_TAGS.has(tag) ? document.createElementNS(SVG_NS, tag) : document.createElement(tag);
  for (const [name, value] of attrs) {
    if (name === "value" && tag !== "option") {
      el.value = value; // the live property of a field, as _set_attr sets it
      continue;
    }
    el.setAttribute(name, value);
    if (name === "disabled" || name === "checked") el[name] = true;
  }
  for (const child of children) el.appendChild(build(child));
  return el;
}

export function installBuilder() {
  document.rkBuild = (json) => build(JSON.parse(json));
}
