// Drawing the table again keeps what did not change. The table is built whole at each burst of frames (simple,
// and always right); putting all of it in the page made the browser lay out and paint every seat, card and tag
// again for one card played. Here the new drawing is laid over the one on screen: the board and the play area keep
// their nodes, and each panel in them (a seat, the middle, the reader's place, the scores) stays as it is when the
// new one is the same node for node (`isEqualNode`: tags, attributes, text), else is swapped for the new one.
// Only those panels are kept: their listeners do the same thing whenever their nodes are the same (a card's
// button sends the move it names). The action bar and the end-of-match panel are always the new ones.

/** The containers whose children are compared one by one (their own attributes are brought up to date). */
const CONTAINERS = new Set(["play", "board"]);

/** Panels that stay when unchanged. */
function keepable(node) {
  return node.nodeType === Node.ELEMENT_NODE
    && (node.classList.contains("seat-panel") || node.id === "centre" || node.id === "me" || node.id === "scores");
}

function container(node) {
  return node.nodeType === Node.ELEMENT_NODE && [...CONTAINERS].some((name) => node.classList.contains(name));
}

/** Both the same kind of container (the play area, the board): the old one is brought up to date. */
function sameContainer(was, now) {
  return container(was) && container(now) && was.tagName === now.tagName
    && was.className.split(" ")[0] === now.className.split(" ")[0];
}

function sameAttributes(old, fresh) {
  for (const { name, value } of [...fresh.attributes]) {
    if (old.getAttribute(name) !== value) old.setAttribute(name, value);
  }
  for (const { name } of [...old.attributes]) {
    if (!fresh.hasAttribute(name)) old.removeAttribute(name);
  }
}

function patch(old, fresh) {
  sameAttributes(old, fresh);
  const before = [...old.childNodes];
  const after = [...fresh.childNodes];
  for (let i = 0; i < Math.max(before.length, after.length); i += 1) {
    const was = before[i];
    const now = after[i];
    if (!now) was.remove();
    else if (!was) old.append(now);
    else if (sameContainer(was, now)) patch(was, now);
    else if (!(keepable(was) && keepable(now) && was.isEqualNode(now))) {
      was.replaceWith(now);
    }
  }
}

/** Put `nodes` (a new drawing) in `parent`, keeping what is unchanged of the drawing already there. */
export function drawInto(parent, nodes) {
  const old = parent.firstElementChild;
  if (nodes.length === 1 && parent.childNodes.length === 1 && old && sameContainer(old, nodes[0])) {
    patch(old, nodes[0]);
    return;
  }
  parent.replaceChildren(...nodes);
}
