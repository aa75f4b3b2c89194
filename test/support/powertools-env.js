// jest setupFiles: Powertools as in the local stack (infra/local/stack.ts), unless a run sets otherwise.
process.env.POWERTOOLS_TRACE_ENABLED ??= 'false';
process.env.POWERTOOLS_METRICS_DISABLED ??= 'true';
