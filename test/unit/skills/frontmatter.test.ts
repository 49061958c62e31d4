import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseSkillFrontmatter, type SkillFrontmatter } from "../../../src/skills/frontmatter.ts";
import { throwsLine } from "../../helpers/assert-error.ts";

const FILE = "/skills/my skill #1/SKILL.md";
const parse = (text: string) => parseSkillFrontmatter(text, FILE, "my skill #1");
const base: SkillFrontmatter = { name: "my skill #1", description: "", argumentHint: null, arguments: [], userInvocable: true, model: null };
const arg = { description: null, source: "text", choices: null, default: null, multiple: false, required: true } as const;

describe("parseSkillFrontmatter", () => {
  const cases: Array<[string, string, Partial<SkillFrontmatter>]> = [
    ["no frontmatter: the directory's name, every default", "# Just a body\n", {}],
    ["an empty frontmatter", "---\n---\nbody", {}],
    ["name and description (folded, trimmed)", "---\nname: review\ndescription: >\n  Reviews the\n  diff.\n---\n", { name: "review", description: "Reviews the diff." }],
    ["unicode and quotes in a name", "---\nname: \"ré'view ✓\"\n---\n", { name: "ré'view ✓" }],
    ["argument-hint as text", "---\nargument-hint: \"<file> [mode]\"\n---\n", { argumentHint: "<file> [mode]" }],
    ["argument-hint written as a YAML list (Claude's docs write it unquoted)", "---\nargument-hint: [issue-number]\n---\n", { argumentHint: "[issue-number]" }],
    ["user-invocable false", "---\nuser-invocable: false\n---\n", { userInvocable: false }],
    ["a model override", "---\nmodel: claude-haiku-4-5\n---\n", { model: "claude-haiku-4-5" }],
    ["keys of the CLIs are left to them", "---\nallowed-tools: Read, Grep\ndisable-model-invocation: true\nmetadata: {short-description: x}\n---\n", {}],
    ["a CRLF file with a byte-order mark", "\uFEFF---\r\nname: crlf\r\n---\r\nbody", { name: "crlf" }],
    ["arguments by name", "---\narguments: [target, mode]\n---\n", { arguments: [{ name: "target", ...arg }, { name: "mode", ...arg }] }],
    ["arguments with source, choices, default, multiple, required", [
      "---", "arguments:",
      "  - name: session", "    description: who gets it", "    source: session",
      "  - name: level", "    choices: [low, high]", "    default: low",
      "  - name: files", "    source: file", "    multiple: true", "    default: [a.md, b.md]", "    required: false",
      "---", "",
    ].join("\n"), {
      arguments: [
        { name: "session", ...arg, description: "who gets it", source: "session" },
        { name: "level", ...arg, choices: ["low", "high"], default: ["low"] },
        { name: "files", ...arg, source: "file", multiple: true, default: ["a.md", "b.md"], required: false },
      ],
    }],
    ["a number as a default is its text", "---\narguments:\n  - name: n\n    default: 20\n---\n", { arguments: [{ name: "n", ...arg, default: ["20"] }] }],
  ];
  for (const [name, text, expected] of cases) {
    it(name, () => assert.deepEqual(parse(text), { ...base, ...expected }));
  }

  const malformed: Array<[string, string, RegExp]> = [
    ["no closing line", "---\nname: x\n", /my skill #1\/SKILL\.md:1: frontmatter key "---": .*no closing/],
    ["invalid YAML names its line", "---\nname: a\ndescription: : x: y\n---\n", /SKILL\.md:3: frontmatter is not valid YAML/],
    ["a list where a mapping belongs", "---\n- a\n- b\n---\n", /SKILL\.md:2: frontmatter key "\(top\)": .*mapping/],
    ["name not a text", "---\ndescription: ok\nname: [a, b]\n---\n", /SKILL\.md:3: frontmatter key "name": must be a text/],
    ["an empty name", "---\nname: \"\"\n---\n", /SKILL\.md:2: frontmatter key "name": must not be empty/],
    ["user-invocable not a boolean", "---\nname: a\n\nuser-invocable: \"no\"\n---\n", /SKILL\.md:4: frontmatter key "user-invocable": must be true or false/],
    ["arguments not a list", "---\narguments: {a: 1}\n---\n", /SKILL\.md:2: frontmatter key "arguments": must be a list/],
    ["an unknown source", "---\narguments:\n  - name: a\n    source: url\n---\n", /SKILL\.md:4: frontmatter key "arguments\[0\]\.source": "url" is not one of text, session, directory, file/],
    ["an unknown argument field", "---\narguments:\n  - name: a\n    choice: [x]\n---\n", /SKILL\.md:4: frontmatter key "arguments\[0\]\.choice": is not an argument field/],
    ["a default outside the choices", "---\narguments:\n  - name: a\n    choices: [x, y]\n    default: z\n---\n", /SKILL\.md:5: frontmatter key "arguments\[0\]\.default": "z" is not one of the choices/],
    ["several defaults for a single value", "---\narguments:\n  - name: a\n    default: [x, y]\n---\n", /SKILL\.md:4: frontmatter key "arguments\[0\]\.default": several defaults need multiple: true/],
    ["empty choices", "---\narguments:\n  - name: a\n    choices: []\n---\n", /SKILL\.md:4: frontmatter key "arguments\[0\]\.choices": must be a non-empty list/],
    ["multiple not a boolean", "---\narguments:\n  - a\n  - name: b\n    multiple: yes please\n---\n", /SKILL\.md:5: frontmatter key "arguments\[1\]\.multiple": must be true or false/],
    ["an argument without a name", "---\narguments:\n  - description: nameless\n---\n", /SKILL\.md:3: frontmatter key "arguments\[0\]\.name": an argument needs a name/],
    ["an argument declared twice", "---\narguments: [a, a]\n---\n", /SKILL\.md:2: frontmatter key "arguments": the argument "a" is declared twice/],
  ];
  for (const [name, text, pattern] of malformed) {
    it(`malformed: ${name}`, () => throwsLine(() => parse(text), pattern));
  }
});
