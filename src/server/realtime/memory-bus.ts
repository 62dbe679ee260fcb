/** Live events within one process (no database notifications available). */
import { EventEmitter } from 'node:events';
import type { RealtimeBus, RealtimeEvent } from './bus';

/** Events within one process (EventEmitter). */
export class MemoryBus implements RealtimeBus {
  readonly transport = 'memory';
  private readonly emitter = new EventEmitter();

  async start(handler: (event: RealtimeEvent) => void): Promise<void> {
    this.emitter.on('event', handler);
  }

  async publish(event: RealtimeEvent): Promise<void> {
    // Asynchronously, like the other transports.
    setImmediate(() => this.emitter.emit('event', event));
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}
