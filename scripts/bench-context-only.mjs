// For `npm run bench:observability` (its `context only` server): every request runs in an
// AsyncLocalStorage context and nothing else is added, which is the floor of what tracing costs on
// this Node (OpenTelemetry carries a request's context across its promises the same way).
import { AsyncLocalStorage } from 'node:async_hooks';
import http from 'node:http';

const storage = new AsyncLocalStorage();
const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, ...args) {
  if (event === 'request') return storage.run({}, () => emit.call(this, event, ...args));
  return emit.call(this, event, ...args);
};
