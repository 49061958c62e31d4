import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { PAGE_FILES, pageDir } from "../../../src/remote/http.ts";

describe("the page's files", () => {
  const served = new Set(Object.values(PAGE_FILES).map((f) => f.file));

  it("every file in etc/remote/ is served, and nothing served is missing", () => {
    const files = readdirSync(pageDir()).sort();
    assert.deepEqual([...served].sort(), files);
  });

  it("every module a page script imports is served (the page loads no file it cannot get)", () => {
    for (const file of [...served].filter((f) => f.endsWith(".js"))) {
      const text = readFileSync(join(pageDir(), file), "utf8");
      for (const [, name] of text.matchAll(/^import .* from "\.\/([^"]+)";$/gm)) assert.ok(served.has(name as string), `${file} imports ${name}`);
    }
    const html = readFileSync(join(pageDir(), "index.html"), "utf8");
    for (const [, path] of html.matchAll(/(?:src|href)="(\/[^"]*)"/g)) assert.ok(PAGE_FILES[path as string], `index.html loads ${path}`);
  });

  it("types each file by its extension", () => {
    const types: Record<string, RegExp> = { html: /^text\/html/, js: /^text\/javascript/, css: /^text\/css/, svg: /^image\/svg\+xml$/, png: /^image\/png$/, webmanifest: /^application\/manifest\+json$/ };
    for (const { file, type } of Object.values(PAGE_FILES)) assert.match(type, types[file.split(".").pop() as string] as RegExp, file);
  });
});
