// The table's websocket: says hello with the seat token and the last version seen, reports its state, and
// reconnects with a growing, jittered delay, so a phone that changes networks comes back to the same table.

const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 10000];
const PING_MS = 25000;

export class TableSocket {
  /**
   * `code`: the table; `token()`: the seat token or null (spectator); `lang()`: the reader's language (the
   * server writes the game's text in it); `onFrame(frame)`; `onState(state)` with state one of connecting,
   * online, reconnecting, offline, replaced, refused.
   */
  constructor(code, { token, lang = () => null, onFrame, onState }) {
    this.code = code;
    this.token = token;
    this.lang = lang;
    this.onFrame = onFrame;
    this.onState = onState;
    this.version = null;
    this.ws = null;
    this.attempt = 0;
    this.stopped = false;
    this.timer = null;
    this.pinger = null;
    this.state = "connecting";
    this.quick = false;
  }

  url() {
    const scheme = window.location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${window.location.host}/ws/${encodeURIComponent(this.code)}`;
  }

  setState(state) {
    this.state = state;
    this.onState(state);
  }

  /** Handle one frame's text; false once the connection is being dropped (a gap in the versions). */
  receive(ws, text) {
    let frame;
    try { frame = JSON.parse(text); } catch (_) { return true; }
    if (!frame || typeof frame !== "object") return true;
    if (frame.type === "welcome") {
      this.attempt = 0;
      this.setState("online");
    }
    if (frame.type === "replaced") {
      this.stop("replaced");
    }
    if (frame.type === "snapshot" && typeof frame.v === "number") {
      this.version = frame.v;
    } else if (isVersioned(frame) && typeof frame.v === "number") {
      if (this.version !== null && frame.v <= this.version) return true; // already seen (a replay overlapping)
      if (this.version !== null && frame.v > this.version + 1) {
        ws.close(); // a gap: reconnect and ask for what we missed from the last version we hold
        return false;
      }
      this.version = frame.v;
    }
    this.onFrame(frame);
    return true;
  }

  connect() {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.setState(this.attempt ? "reconnecting" : "connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({
        type: "hello", token: this.token() || null, v: this.version, lang: this.lang() || null, batch: true,
      }));
    });
    ws.addEventListener("message", (message) => {
      // One frame, or (the hello asks for batch) the frames the server had ready at once, one a line.
      for (const line of String(message.data).split("\n")) {
        if (ws !== this.ws || !this.receive(ws, line)) return;
      }
    });
    ws.addEventListener("close", (event) => {
      if (ws !== this.ws) return;
      clearInterval(this.pinger);
      if (event.code === 4401 || event.code === 4404) { // a token not of this table, or no such table
        this.stop("refused");
        return;
      }
      if (event.code === 4409) { // another tab or device took this seat
        this.stop("replaced");
        return;
      }
      if (this.stopped) return;
      const base = this.quick ? 0 : BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
      this.quick = false;
      this.attempt += 1;
      this.setState("reconnecting");
      this.timer = setTimeout(() => this.connect(), base * (0.75 + Math.random() * 0.5));
    });
    clearInterval(this.pinger);
    this.pinger = setInterval(() => this.send({ type: "ping" }), PING_MS);
  }

  /** Send a frame if the socket is open; false when it is not (the caller shows it). */
  send(frame) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /** The reader chose another language: the server sends the table again in it (a snapshot). */
  setLanguage(tag) {
    return this.send({ type: "lang", lang: tag });
  }

  /** Drop the connection as a network loss would; the socket reconnects by itself (at once when `now`). */
  drop(now = false) {
    this.quick = now;
    if (this.ws) this.ws.close();
  }

  stop(state = "offline") {
    this.stopped = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) this.ws.close();
    this.setState(state);
  }
}

/** Frames that step the table's version (a `view` only repeats the current one). */
function isVersioned(frame) {
  return ["lobby", "event", "presence", "chat", "result", "timeout"].includes(frame.type);
}
