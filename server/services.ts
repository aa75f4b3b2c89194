import type { App } from './app.js';

/**
 * Background services that `portal serve` starts beside the HTTP server (e.g. the built-in
 * telemetry simulator). Each registers its own shutdown with app.addHook('onClose').
 */
export async function startServices(_app: App): Promise<void> {}
