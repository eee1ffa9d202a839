#!/usr/bin/env node
// A minimal cartas JSON-lines client in JavaScript (Node.js, no dependencies).
//
// It starts `cartas play GAME --json`, plays its seat with a simple rule (the first legal action that is
// not a raise or a bet, otherwise the first one) and prints the result. Run it as:
//
//     node examples/protocol_client.js truco --seed 7
//
// Every extra argument goes to `cartas play`. Set CARTAS to the command to run (default "cartas").

"use strict";

const { spawn } = require("node:child_process");
const readline = require("node:readline");

const [game, ...extra] = process.argv.slice(2);
if (!game) {
  console.error("usage: node protocol_client.js GAME [cartas play options...]");
  process.exit(2);
}

const command = (process.env.CARTAS || "cartas").split(" ");
const child = spawn(command[0], [...command.slice(1), "play", game, "--json", ...extra], {
  stdio: ["pipe", "pipe", "inherit"],
});

function send(message) {
  child.stdin.write(JSON.stringify(message) + "\n");
}

// Prefer quiet moves: a card play rather than a bet, so the example never escalates.
function choose(legal) {
  const quiet = legal.findIndex((action) => !/truco|envido|raise|seis|nove|doze|flor/i.test(action));
  return quiet >= 0 ? quiet : 0;
}

let decisions = 0;
const lines = readline.createInterface({ input: child.stdout });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello":
      console.log(`playing ${message.title} as seat(s) ${message.seats.join(", ")}`);
      break;
    case "decision":
      decisions += 1;
      send({ action: choose(message.legal) });
      break;
    case "event":
      break;
    case "error":
      console.error(`cartas refused an answer: ${message.message}`);
      break;
    case "result":
      console.log(`winners: ${message.winners.join(", ")}; scores: ${message.scores.join(", ")}; decisions: ${decisions}`);
      child.stdin.end();
      break;
    case "saved":
      console.log(`saved; continue with: cartas resume ${message.match}`);
      break;
    default:
      console.error(`unknown message type ${message.type}`);
  }
});

child.on("error", (error) => {
  console.error(`cannot run ${command.join(" ")}: ${error.message} (set CARTAS to the cartas command)`);
  process.exitCode = 1;
});
// exitCode rather than process.exit(), which could cut short output still queued for a pipe.
child.on("exit", (code) => {
  process.exitCode = code ?? 1;
});
