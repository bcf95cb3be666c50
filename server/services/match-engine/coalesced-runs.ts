/**
 * Runs of one task where every caller waits for a run that began after its call, and calls made while a run is
 * on share the next one: the engine's sync, where many requests at once cost one read of the change feed.
 */
export class CoalescedRuns {
  private requested = 0;
  private completed = 0;
  private running: Promise<void> | null = null;

  constructor(private readonly task: () => Promise<void>) {}

  /** Settles once a run that began after this call has finished (rejects with that run's failure). */
  async run(): Promise<void> {
    const ticket = ++this.requested;
    while (this.completed < ticket) {
      if (!this.running) {
        const upTo = this.requested;
        this.running = this.task().then(
          () => {
            this.completed = Math.max(this.completed, upTo);
            this.running = null;
          },
          (error: unknown) => {
            this.running = null;
            throw error;
          },
        );
      }
      await this.running;
    }
  }
}
