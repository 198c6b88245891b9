// Warnings about what a window sends wrong, at most once per window and kind: a page stuck in a loop of bad
// messages must not flood the main process's log, yet the first of each kind is still reported.
export class WarnOncePerSender<K> {
  private readonly warned = new Map<K, Set<string>>();

  /** Warns `message` unless this sender was already warned with it. */
  once(sender: K, message: string): void {
    let messages = this.warned.get(sender);
    if (!messages) {
      messages = new Set();
      this.warned.set(sender, messages);
    }
    if (messages.has(message)) return;
    messages.add(message);
    console.warn(message);
  }

  /** A closed sender: nothing about it is kept. */
  forget(sender: K): void {
    this.warned.delete(sender);
  }
}
