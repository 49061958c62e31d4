import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { BACKEND_NAMES } from "../../src/backends/index.ts";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SRC = join(ROOT, "src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

/** The text with comments blanked (line breaks kept), strings and regexes left as they are. */
function withoutComments(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i += 1;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
    } else if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

/** Every backend's name, the plain command's ("generic") too. */
const AGENTS = BACKEND_NAMES;

describe("agent names", () => {
  it("are written only in src/backends (and manifests/): every other file asks the registry", () => {
    const literal = new RegExp(`(["'\`])(?:${AGENTS.join("|")})\\1`, "g");
    const found: string[] = [];
    for (const file of sources(SRC).filter((f) => !f.startsWith(join(SRC, "backends") + "/"))) {
      withoutComments(readFileSync(file, "utf8")).split("\n").forEach((line, n) => {
        if (literal.test(line)) found.push(`${relative(ROOT, file)}:${n + 1}: ${line.trim()}`);
        literal.lastIndex = 0;
      });
    }
    assert.deepEqual(found, []);
  });

  it("are found by the scan when written outside src/backends", () => {
    const literal = new RegExp(`(["'\`])(?:${AGENTS.join("|")})\\1`);
    assert.ok(literal.test(withoutComments(`if (backend === "${AGENTS[0]}") {}`)));
    assert.ok(!literal.test(withoutComments(`// backend === "${AGENTS[0]}"`)));
  });
});
