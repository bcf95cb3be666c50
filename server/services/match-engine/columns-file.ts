/**
 * A file of typed arrays and one JSON header, the shape of the index's snapshot (snapshot.ts): each part of the
 * index says what it holds as JSON and hands its typed arrays to a Packer, which gives back their numbers; reading
 * reverses it. The arrays are copied out of the file's buffer on reading, so nothing keeps the whole file alive.
 *
 * Layout: "SAATHIX1", the header's length (uint32, little-endian), the header (UTF-8 JSON), then each array at an
 * offset that is a multiple of 8, in the header's order.
 */

export type Column = Int32Array | Uint8Array | Uint16Array | Uint32Array | Float64Array;

const KINDS = { Int32Array, Uint8Array, Uint16Array, Uint32Array, Float64Array } as const;
type Kind = keyof typeof KINDS;

const MAGIC = 'SAATHIX1';

function kindOf(a: Column): Kind {
  const name = a.constructor.name;
  if (!(name in KINDS)) throw new Error(`columns-file: cannot store a ${name}`);
  return name as Kind;
}

const padded = (n: number) => Math.ceil(n / 8) * 8;

export class Packer {
  readonly columns: Column[] = [];

  /** The array's number in the file (held by reference until `encode` copies it). */
  add(a: Column): number {
    this.columns.push(a);
    return this.columns.length - 1;
  }
}

export class Unpacker {
  constructor(private readonly columns: Column[]) {}

  /** The array stored under `n`, of the kind `kind` (a file of another shape is refused, not misread). */
  get<K extends Kind>(n: number, kind: K): InstanceType<(typeof KINDS)[K]> {
    const a = this.columns[n];
    if (!a || kindOf(a) !== kind) throw new Error(`columns-file: array ${n} is not a ${kind}`);
    return a as InstanceType<(typeof KINDS)[K]>;
  }

  /** The array stored under `n`, whichever kind it is. */
  any(n: number): Column {
    const a = this.columns[n];
    if (!a) throw new Error(`columns-file: no array ${n}`);
    return a;
  }
}

/** The file's bytes: one buffer, the arrays copied in (so they may change once this returns). */
export function encode(header: unknown, packer: Packer): Buffer {
  const layout = packer.columns.map((a) => [kindOf(a), a.length] as const);
  const json = Buffer.from(JSON.stringify({ header, layout }), 'utf8');
  const start = padded(MAGIC.length + 4 + json.length);
  let size = start;
  for (const a of packer.columns) size += padded(a.byteLength);
  const out = Buffer.alloc(size);
  out.write(MAGIC, 0, 'latin1');
  out.writeUInt32LE(json.length, MAGIC.length);
  json.copy(out, MAGIC.length + 4);
  let at = start;
  for (const a of packer.columns) {
    out.set(new Uint8Array(a.buffer, a.byteOffset, a.byteLength), at);
    at += padded(a.byteLength);
  }
  return out;
}

/**
 * The header of a file written by `encode`, and its arrays when asked for (a caller that refuses the header copies
 * nothing); throws on anything else (a torn or foreign file).
 */
export function decode(bytes: Buffer): { header: unknown; arrays: () => Unpacker } {
  if (bytes.length < MAGIC.length + 4 || bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) throw new Error('columns-file: not a snapshot');
  const length = bytes.readUInt32LE(MAGIC.length);
  if (MAGIC.length + 4 + length > bytes.length) throw new Error('columns-file: truncated header');
  const { header, layout } = JSON.parse(bytes.toString('utf8', MAGIC.length + 4, MAGIC.length + 4 + length)) as { header: unknown; layout: Array<[Kind, number]> };
  return { header, arrays: () => arraysOf(bytes, padded(MAGIC.length + 4 + length), layout) };
}

function arraysOf(bytes: Buffer, start: number, layout: Array<[Kind, number]>): Unpacker {
  let at = start;
  const columns: Column[] = [];
  for (const [kind, n] of layout) {
    const Type = KINDS[kind];
    if (!Type) throw new Error(`columns-file: unknown array kind ${kind}`);
    const byteLength = n * Type.BYTES_PER_ELEMENT;
    if (at + byteLength > bytes.length) throw new Error('columns-file: truncated');
    // A copy with a buffer of its own (the file's buffer is dropped after reading).
    const out = new Type(n);
    new Uint8Array(out.buffer).set(bytes.subarray(at, at + byteLength));
    columns.push(out);
    at += padded(byteLength);
  }
  return new Unpacker(columns);
}
