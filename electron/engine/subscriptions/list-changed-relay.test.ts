// The debounce of list_changed on its own (timers only, no server): a burst becomes one refresh per list,
// separate changes stay separate, servers do not share a timer. The relay against real servers on both eras
// is in subscriptions.test.ts.
import { afterEach, describe, expect, it } from 'vitest';
import { EventBus } from '../event-bus';
import { ListChangedRelay } from './list-changed-relay';

const debounceMs = 60;
let relay: ListChangedRelay | undefined;
afterEach(() => relay?.dispose());

function setup() {
  const bus = new EventBus();
  const events: string[] = [];
  bus.on('listChanged', e => events.push(`${e.serverId}:${e.list}`));
  relay = new ListChangedRelay(bus, debounceMs);
  return { relay, events };
}

const wait = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

describe('ListChangedRelay', () => {
  it('folds a burst into one event per list, after the burst', async () => {
    const { relay, events } = setup();
    // Synchronous, so a loaded machine cannot stretch the burst beyond the debounce.
    for (let i = 0; i < 5; i++) relay.notify('a');
    expect(events).toEqual([]);
    await wait(debounceMs * 3);
    expect(events).toEqual(['a:resources', 'a:templates']);
  });

  it('keeps separate changes separate and servers apart', async () => {
    const { relay, events } = setup();
    relay.notify('a');
    relay.notify('b');
    await wait(debounceMs * 3);
    relay.notify('a');
    await wait(debounceMs * 3);
    expect(events).toEqual(['a:resources', 'a:templates', 'b:resources', 'b:templates', 'a:resources', 'a:templates']);
  });

  it('drops a pending refresh when the server is forgotten or the relay disposed', async () => {
    const { relay, events } = setup();
    relay.notify('a');
    relay.notify('b');
    relay.forget('a');
    await wait(debounceMs * 3);
    expect(events).toEqual(['b:resources', 'b:templates']);
    relay.notify('b');
    relay.dispose();
    await wait(debounceMs * 3);
    expect(events).toHaveLength(2);
  });
});
