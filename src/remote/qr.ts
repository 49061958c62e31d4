/**
 * A small QR code encoder (ISO/IEC 18004), enough for a pairing URL: byte mode, error correction
 * level M, versions 1 to 6 (up to 106 bytes), the mask chosen by the standard's penalty rules.
 * Pure; no dependencies. `renderQr` draws it for a terminal, two rows per line.
 */

// Per version (index 0 = version 1), level M: ECC codewords per block, number of blocks, data codewords per block.
const BLOCKS_M: ReadonlyArray<readonly [number, number, number]> = [[10, 1, 16], [16, 1, 28], [26, 1, 44], [18, 2, 32], [24, 2, 43], [16, 4, 27]];

/** The most bytes a code can hold (version 6-M). */
export const QR_MAX_BYTES = 106;

/** GF(256) multiplication modulo x^8 + x^4 + x^3 + x^2 + 1. */
function gfMul(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z & 0xff;
}

function rsDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMul(result[j] ?? 0, root);
      if (j + 1 < degree) result[j] = (result[j] ?? 0) ^ (result[j + 1] ?? 0);
    }
    root = gfMul(root, 0x02);
  }
  return result;
}

/** The Reed-Solomon error correction codewords of a block. */
export function rsRemainder(data: readonly number[], degree: number): number[] {
  const divisor = rsDivisor(degree);
  const result = new Array<number>(degree).fill(0);
  for (const b of data) {
    const factor = b ^ (result.shift() ?? 0);
    result.push(0);
    divisor.forEach((coef, i) => { result[i] = (result[i] ?? 0) ^ gfMul(coef, factor); });
  }
  return result;
}

/** The data codewords (mode, count, bytes, terminator, padding) and the version that holds them. */
function codewords(bytes: Uint8Array): { version: number; all: number[] } {
  const version = BLOCKS_M.findIndex(([, blocks, per]) => blocks * per - 2 >= bytes.length) + 1;
  if (version === 0) throw new Error(`a QR code of level M up to version 6 holds ${QR_MAX_BYTES} bytes, not ${bytes.length}`);
  const [ecc, blocks, per] = BLOCKS_M[version - 1] as readonly [number, number, number];
  const capacity = blocks * per;
  const bits: number[] = [];
  const put = (value: number, n: number) => { for (let i = n - 1; i >= 0; i--) bits.push((value >>> i) & 1); };
  put(0b0100, 4);
  put(bytes.length, 8);
  for (const b of bytes) put(b, 8);
  put(0, Math.min(4, capacity * 8 - bits.length));
  while (bits.length % 8 !== 0) bits.push(0);
  const data: number[] = [];
  for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  for (let pad = 0xec; data.length < capacity; pad ^= 0xec ^ 0x11) data.push(pad);
  const split = Array.from({ length: blocks }, (_, i) => data.slice(i * per, (i + 1) * per));
  const eccs = split.map((block) => rsRemainder(block, ecc));
  const all: number[] = [];
  for (let i = 0; i < per; i++) for (const block of split) all.push(block[i] ?? 0);
  for (let i = 0; i < ecc; i++) for (const e of eccs) all.push(e[i] ?? 0);
  return { version, all };
}

/** The 15 format bits for level M and a mask. */
export function formatBits(mask: number): number {
  const data = (0b00 << 3) | mask;
  let rem = data;
  for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
  return ((data << 10) | rem) ^ 0x5412;
}

const MASKS: ReadonlyArray<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0, (_x, y) => y % 2 === 0, (x) => x % 3 === 0, (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0, (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0, (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Matrix {
  readonly dark: boolean[][];
  readonly fixed: boolean[][];
  constructor(readonly size: number) {
    this.dark = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
    this.fixed = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  }
  set(x: number, y: number, dark: boolean): void {
    if (x < 0 || y < 0 || x >= this.size || y >= this.size) return;
    (this.dark[y] as boolean[])[x] = dark;
    (this.fixed[y] as boolean[])[x] = true;
  }
  format(mask: number): void {
    const bits = formatBits(mask);
    const bit = (i: number) => ((bits >>> i) & 1) === 1;
    for (let i = 0; i <= 5; i++) this.set(8, i, bit(i));
    this.set(8, 7, bit(6));
    this.set(8, 8, bit(7));
    this.set(7, 8, bit(8));
    for (let i = 9; i < 15; i++) this.set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) this.set(this.size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) this.set(8, this.size - 15 + i, bit(i));
    this.set(8, this.size - 8, true);
  }
}

function functionPatterns(m: Matrix, version: number): void {
  const n = m.size;
  for (let i = 0; i < n; i++) { m.set(6, i, i % 2 === 0); m.set(i, 6, i % 2 === 0); }
  for (const [cx, cy] of [[3, 3], [n - 4, 3], [3, n - 4]] as const) {
    for (let dy = -4; dy <= 4; dy++) for (let dx = -4; dx <= 4; dx++) {
      const d = Math.max(Math.abs(dx), Math.abs(dy));
      m.set(cx + dx, cy + dy, d !== 2 && d !== 4);
    }
  }
  if (version >= 2) {
    const c = n - 7;
    for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) m.set(c + dx, c + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
  }
  m.format(0);
}

function placeData(m: Matrix, data: readonly number[]): void {
  let i = 0;
  for (let right = m.size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    for (let vert = 0; vert < m.size; vert++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? m.size - 1 - vert : vert;
        if (!m.fixed[y]?.[x] && i < data.length * 8) {
          (m.dark[y] as boolean[])[x] = (((data[i >>> 3] ?? 0) >>> (7 - (i & 7))) & 1) === 1;
          i++;
        }
      }
    }
  }
}

function applyMask(m: Matrix, mask: number): void {
  const f = MASKS[mask] as (x: number, y: number) => boolean;
  for (let y = 0; y < m.size; y++) for (let x = 0; x < m.size; x++) if (!m.fixed[y]?.[x] && f(x, y)) (m.dark[y] as boolean[])[x] = !m.dark[y]?.[x];
}

/** The standard's penalty (runs, 2x2 blocks, finder-like patterns, dark balance): the lowest mask wins. */
function penalty(grid: boolean[][]): number {
  const n = grid.length;
  let score = 0;
  const lines = [...grid, ...grid.map((_, x) => grid.map((row) => row[x] ?? false))];
  for (const line of lines) {
    let run = 1;
    for (let i = 1; i <= n; i++) {
      if (i < n && line[i] === line[i - 1]) { run++; continue; }
      if (run >= 5) score += 3 + run - 5;
      run = 1;
    }
    const text = line.map((d) => (d ? "1" : "0")).join("");
    for (const p of ["10111010000", "00001011101"]) for (let at = text.indexOf(p); at !== -1; at = text.indexOf(p, at + 1)) score += 40;
  }
  for (let y = 0; y + 1 < n; y++) for (let x = 0; x + 1 < n; x++) {
    const c = grid[y]?.[x];
    if (grid[y]?.[x + 1] === c && grid[y + 1]?.[x] === c && grid[y + 1]?.[x + 1] === c) score += 3;
  }
  const dark = grid.flat().filter(Boolean).length;
  score += 10 * Math.floor(Math.abs((dark * 100) / (n * n) - 50) / 5);
  return score;
}

/** The modules of a QR code holding the text (true: dark), without the quiet zone. */
export function encodeQr(text: string): boolean[][] {
  const { version, all } = codewords(new TextEncoder().encode(text));
  let best: { grid: boolean[][]; score: number } | null = null;
  for (let mask = 0; mask < 8; mask++) {
    const m = new Matrix(17 + 4 * version);
    functionPatterns(m, version);
    placeData(m, all);
    applyMask(m, mask);
    m.format(mask);
    const score = penalty(m.dark);
    if (!best || score < best.score) best = { grid: m.dark.map((row) => [...row]), score };
  }
  return (best as { grid: boolean[][] }).grid;
}

/** The code for a terminal: dark modules black on white whatever the theme, two rows per line, a quiet zone of 2. */
export function renderQr(grid: boolean[][]): string[] {
  const quiet = 2;
  const n = grid.length + 2 * quiet;
  const at = (x: number, y: number) => grid[y - quiet]?.[x - quiet] === true;
  const lines: string[] = [];
  for (let y = 0; y < n; y += 2) {
    let line = "\x1b[30;107m";
    for (let x = 0; x < n; x++) {
      const top = at(x, y);
      const bottom = y + 1 < n && at(x, y + 1);
      line += top && bottom ? "█" : top ? "▀" : bottom ? "▄" : " ";
    }
    lines.push(`${line}\x1b[0m`);
  }
  return lines;
}
