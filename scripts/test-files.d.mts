// Types of scripts/test-files.mjs for the TypeScript tests that import it.
export function testFiles(dirs: string[], root?: string): string[];
export interface UnitTestLayout { modules: string[]; tested: string[]; orphans: string[] }
export function unitTestLayout(root?: string): UnitTestLayout;
export function layoutLine(layout?: UnitTestLayout): string;
