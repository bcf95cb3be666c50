import type { Groups } from './groups';

/**
 * Where the start-up build laid out each gender's members ([from, to) of positions: a gender's groups side by
 * side), and where the members added since begin: a text search gathers hits only over the gender the viewer
 * looks for. Empty unless each gender's groups lie side by side (as clustering lays them out).
 */
export class GenderSpans {
  private spans = new Map<number, [number, number]>();
  private clusteredSize = 0;

  /** The spans of the groups' ordered parts, as clustering or a snapshot left them. */
  static of(groups: Groups): GenderSpans {
    const out = new GenderSpans();
    const spans = new Map<number, [number, number, number]>();
    for (const g of groups.of(null)) {
      if (g.sorted === 0) continue;
      const from = g.positions.a[0];
      const span = spans.get(g.gender);
      if (!span) spans.set(g.gender, [from, from + g.sorted, g.sorted]);
      else {
        span[0] = Math.min(span[0], from);
        span[1] = Math.max(span[1], from + g.sorted);
        span[2] += g.sorted;
      }
      out.clusteredSize += g.sorted;
    }
    // Side by side as MemberIndex.clustered lays them out (a gender's span holds only its groups), or no spans at all.
    const contiguous = [...spans.values()].every(([from, to, n]) => to - from === n);
    out.spans = contiguous ? new Map([...spans].map(([gender, [from, to]]) => [gender, [from, to]])) : new Map();
    if (!contiguous) out.clusteredSize = 0;
    return out;
  }

  /**
   * The positions a text search for members of `gender` (0: anyone) needs to look at, as spans for
   * TextIndex.hits: that gender's part of the build's layout and every member added since; null for all.
   */
  spansOf(gender: number): Int32Array | null {
    if (gender === 0 || this.clusteredSize === 0) return null;
    const span = this.spans.get(gender);
    return span ? Int32Array.of(span[0], span[1], this.clusteredSize, 0x7fffffff) : Int32Array.of(this.clusteredSize, 0x7fffffff);
  }
}
