// Which browser specs a change calls for (`npm run test:changed`, test/changed.js): the specs the
// change edits, and the specs of each feature it touches, a feature being a folder of web/features
// or lambdas (a spec belongs to it when a word of its file name is the feature's name, singular or
// plural: `users` → users, user-admin, user-list). A change to what every screen shares (the web
// app's shell, components, lib, the local stack) calls for the specs that hold rules across screens.
import path from 'node:path';

/** Features whose specs are not named after them. */
const ALSO = {
  auth: ['auth', 'session', 'mfa'],
  shell: ['shell', 'keyboard', 'layout'],
  'view-as': ['shell', 'report-urls'],
  accounts: ['auth', 'session', 'users'],
  analytics: ['telemetry'],
  triggers: ['auth', 'users'],
  catalog: ['picker', 'users', 'documents'],
};
/** Specs that hold rules across screens (docs/testing.md "Rules across screens"). */
export const SHARED_SPECS = ['smoke', 'shell', 'picker', 'layout', 'keyboard'];
const SHARED = [/^web\/(app|components|lib|config)\//, /^web\/[^/]+$/, /^infra\/local\//, /^bin\/local\.ts$/, /^test\/e2e\/(support\/|server\.js$)/, /^playwright\.config\.ts$/];

const singular = (w) => w.replace(/s$/, '');

/** `files`: changed paths from the repository's root; `specs`: every spec's file name (e.g. `users.spec.ts`). Returns spec file names, sorted. */
export function specsFor(files, specs) {
  const stems = new Map(specs.map((s) => [s.replace(/\.spec\.ts$/, ''), s]));
  const out = new Set();
  const byWords = (name) => {
    for (const [stem, file] of stems) if (stem.split('-').some((w) => singular(w) === singular(name))) out.add(file);
  };
  const byStem = (stem) => stems.has(stem) && out.add(stems.get(stem));
  for (const f of files) {
    if (f.startsWith('test/e2e/') && f.endsWith('.spec.ts')) byStem(path.basename(f, '.spec.ts'));
    const feature = /^(?:web\/features|lambdas)\/([^/]+)\//.exec(f)?.[1];
    if (feature && feature !== 'shared') {
      byWords(feature);
      for (const stem of ALSO[feature] ?? []) byStem(stem);
    }
    if (feature === 'shared' || SHARED.some((re) => re.test(f))) SHARED_SPECS.forEach(byStem);
  }
  return [...out].sort();
}
