import fs from 'node:fs';
import os from 'node:os';
import type { Knex } from 'knex';
import { liveEventsFor } from '../server/services/live-events';
import { MatchEngine } from '../server/services/match-engine/engine';
import { snapshotFileOf } from '../server/services/match-engine/snapshot';

/**
 * The match engine built in this process on the seeded database: start-up build time and the memory it keeps
 * (typed arrays and heap retained after a full collection, per member). Run node with --expose-gc for the
 * memory figure; without it the figure is the engine's own count of its arrays.
 */
export interface EngineProbe {
  members: number;
  /** reading every member (no snapshot), until the engine answers every search */
  buildMs: number;
  /**
   * when the build deferred its text index (TextLog: text searches read the build's texts until then), how long
   * after the start it was in; null when the build made it with the rest
   */
  textMs: number | null;
  /**
   * CPU time of this process (every thread) while it read every member. On a shared two-core machine the wall time
   * of one build can vary by a third or more from run to run; the CPU time moves less.
   */
  buildCpuMs: number;
  /** starting from the snapshot the first engine wrote, up to date with the log (null: this database keeps none) */
  restoreMs: number | null;
  bytesPerMember: number;
  countedBytesPerMember: number;
  measured: boolean;
}

const gc = (globalThis as { gc?: () => void }).gc;

async function settle(): Promise<void> {
  await new Promise((r) => setTimeout(r, 200));
  gc?.();
  gc?.();
}

export async function probeEngine(db: Knex, databaseUrl: string | null, dataDir = os.tmpdir()): Promise<EngineProbe> {
  await settle();
  const before = process.memoryUsage();
  // On PostgreSQL the engine follows changes by LISTEN, as in the server.
  const live = liveEventsFor({ dbClient: databaseUrl ? 'pg' : 'better-sqlite3', databaseUrl }, db);
  await live.start();
  // A start with no snapshot reads every member (the first start, or after a new build of the server).
  const file = snapshotFileOf(db, dataDir);
  if (file) fs.rmSync(file, { force: true });
  const engine = new MatchEngine(db, live, ['bench-probe'], () => {}, { dataDir });
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  await engine.start();
  const buildMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  // Memory with the text index in, as the engine keeps it: after the snapshot the build owes is written (while it
  // is being written its copy of the columns is alive too, and would about double the figure).
  await engine.textReady();
  const textMs = engine.stats().textMs;
  await engine.flush();
  await settle();
  const after = process.memoryUsage();
  const stats = engine.stats();
  const retained = after.heapUsed - before.heapUsed + (after.arrayBuffers - before.arrayBuffers);
  // The snapshot it leaves (as a server does when it stops), then a restart from it, caught up with the log.
  await engine.flush();
  engine.close();
  let restoreMs: number | null = null;
  if (file) {
    await settle();
    const again = new MatchEngine(db, live, ['bench-probe'], () => {}, { dataDir });
    const restarted = performance.now();
    await again.start();
    await again.sync();
    if (again.stats().restored) restoreMs = Math.round(performance.now() - restarted);
    again.close();
  }
  await live.close();
  const members = Math.max(1, stats.members);
  return {
    members: stats.members,
    buildMs: Math.round(buildMs),
    textMs: textMs === null ? null : Math.round(textMs),
    buildCpuMs: Math.round((cpu.user + cpu.system) / 1000),
    restoreMs,
    bytesPerMember: Math.round((gc ? retained : stats.columnBytes + stats.textBytes) / members),
    countedBytesPerMember: Math.round((stats.columnBytes + stats.textBytes) / members),
    measured: Boolean(gc),
  };
}
