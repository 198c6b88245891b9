// A state that changes with every message of a misbehaving server (a line of stdout noise, an answer to no request),
// published at once the first time and then at most once per interval, each time as it is then: a server doing it
// in a loop sends the page one state a second, not one per message.
export class ThrottledPublish {
  private published = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly publish: () => void,
    private readonly everyMs = 1_000
  ) {}

  changed(): void {
    if (!this.published) {
      this.published = true;
      this.publish();
      return;
    }
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.publish();
    }, this.everyMs);
    this.timer.unref();
  }

  /** The state is gone (published as such by the caller): the next change is published at once again. */
  reset(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.published = false;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }
}
