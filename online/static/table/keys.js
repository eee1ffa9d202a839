// The keyboard letter of each button in the action bar. A letter keeps its meaning for the whole match: the
// answers and calls of the truco games have their own letters (q is only ever "quiero", t only ever raises), so
// a key pressed twice never turns an answer into a raise when the buttons change under it. Other moves (señas,
// a rummy's or julepe's buttons) take the first free letter of what the button reads, never a reserved one.
// No imports, so node can load it on its own (tests/online/test_action_keys.py).

/** The letter of each canonical move text, for every game that has it. */
export const FIXED_KEYS = Object.freeze({
  "quiero": "q", "no quiero": "n", "aceito": "a", "corro": "c", "mazo": "m",
  "truco": "t", "retruco": "t", "vale cuatro": "t", "seis": "t", "nove": "t", "doze": "t",
  "envido": "e", "real envido": "r", "falta envido": "f",
  "flor": "l", "contraflor": "o", "contraflor al resto": "s", "con flor me achico": "h", "jogo": "j",
});

/** Letters other buttons never take: the fixed ones, and "c" of chinchón's close button. */
const RESERVED = new Set([...Object.values(FIXED_KEYS), "c"]);

/** One letter per action (``{text, label, said}``), "" where none is free; ``spoken`` is what a button reads. */
export function moveKeys(actions, spoken) {
  const fixed = actions.map((action) => FIXED_KEYS[String(action.text)] || "");
  const used = new Set(fixed);
  return actions.map((action, index) => {
    if (fixed[index]) return fixed[index];
    for (const ch of String(spoken(action)).toLowerCase().normalize("NFD").replace(/[^a-z]/g, "")) {
      if (!used.has(ch) && !RESERVED.has(ch)) {
        used.add(ch);
        return ch;
      }
    }
    return "";
  });
}
