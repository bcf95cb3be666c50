import { type MemberValues, textOf } from './member-row';
import { TextIndex } from './text-index';
import type { TextLog } from './text-log';

/**
 * The members' search texts as the index searches them: the text index, and around a start-up build that defers
 * it (see TextLog), the build's texts in position order until the text index built from them lands. A text search
 * meanwhile reads the build's texts for the build's positions and the text index for the members moved since.
 */
export class MemberTexts {
  /** the text index; while `pending`, only of the members moved or added since the build */
  index: TextIndex;
  /**
   * A build that defers its text index (MemberIndex.forBuild) keeps each position's text here instead, in
   * position order; null otherwise.
   */
  log: TextLog | null = null;
  /**
   * After such a build, until its text index is in (`land`): its texts and, for each, its position in this index
   * (`next`, -1: not kept) and back (`order`).
   */
  private pendingText: { log: TextLog; order: Int32Array; next: Int32Array } | null = null;

  constructor(index = new TextIndex()) {
    this.index = index;
  }

  /** The text of the member newly at position p, indexed (or logged, in a deferring build); returns its hash. */
  add(p: number, v: MemberValues): number {
    // The start-up build's log takes the bytes as read; the text index reads a string.
    return this.log !== null && v.textBytes !== null ? this.log.addBytes(p, v.textBytes, v.textFrom, v.textTo) : (this.log ?? this.index).add(p, textOf(v));
  }

  /** The other half of a start-up build's texts after these, its positions moved up by `offset`. */
  absorb(other: MemberTexts, offset: number): void {
    this.index.absorb(other.index, offset);
    if (this.log) {
      if (!other.log) throw new Error('absorb: the other half kept no texts');
      this.log.absorb(other.log);
    }
  }

  /**
   * The texts of the clustered index (position i holds order[i]; next is order's inverse): the text index is
   * renumbered in place, so these texts must not be used again; a deferring build's texts become pending.
   */
  clustered(order: Int32Array, next: Int32Array): MemberTexts {
    this.index.renumber(next);
    const out = new MemberTexts(this.index);
    if (this.log) out.pendingText = { log: this.log, order, next };
    return out;
  }

  /** Whether the build's text index is still to come (text searches read its texts meanwhile: `hits`). */
  get pending(): boolean {
    return this.pendingText !== null;
  }

  /** What the text index is built from, while it is pending: the build's texts and their order in this index. */
  pendingTexts(): { log: TextLog; order: Int32Array } | null {
    return this.pendingText && { log: this.pendingText.log, order: this.pendingText.order };
  }

  /**
   * The text index built from `pendingTexts()` takes over, with the texts of members moved or added since added
   * to it (their positions are all after the build's).
   */
  land(built: TextIndex): void {
    built.absorb(this.index, 0);
    this.index = built;
    this.pendingText = null;
  }

  /** Bytes the text index holds, and while it is pending the build's texts and their order. */
  bytes(): number {
    const pending = this.pendingText;
    return this.index.bytes() + (pending ? pending.log.bytesHeld() + pending.order.byteLength + pending.next.byteLength : 0);
  }

  /**
   * The positions whose text holds every token (see TextIndex.hits; dead ones among them), only those of `spans`
   * where the text index is used; `capacity`: the positions there are. While the text index is pending, the
   * build's positions come from its texts.
   */
  hits(tokens: string[], capacity: number, spans: Int32Array | null): Int32Array {
    const later = this.index.hits(tokens, capacity, spans);
    const pending = this.pendingText;
    if (!pending) return later;
    const fromLog = pending.log.positionsWith(tokens);
    const out = new Int32Array(fromLog.length + later.length);
    let n = 0;
    for (let k = 0; k < fromLog.length; k++) {
      const p = pending.next[fromLog[k]];
      if (p !== -1) out[n++] = p;
    }
    out.set(later, n);
    return out.subarray(0, n + later.length);
  }
}
