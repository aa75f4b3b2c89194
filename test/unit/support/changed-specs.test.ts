import { readdirSync } from 'node:fs';
import path from 'node:path';
import { SHARED_SPECS, specsFor } from '../../changed-specs.js';

const specs = readdirSync(path.resolve('test', 'e2e')).filter((f) => f.endsWith('.spec.ts'));

describe('npm run test:changed: the browser specs a change calls for', () => {
  test("a feature's folder, in the web app or the handlers, calls for the specs named after it, singular or plural", () => {
    expect(specsFor(['web/features/users/hooks/use-user-editor.ts'], specs)).toEqual(['user-admin.spec.ts', 'user-list.spec.ts', 'users.spec.ts']);
    expect(specsFor(['lambdas/quotes/decide.ts'], specs)).toEqual(['quote-rows.spec.ts', 'quotes.spec.ts']);
    expect(specsFor(['lambdas/reports/embed-data.ts'], specs)).toEqual(['report-period.spec.ts', 'report-urls.spec.ts', 'reports.spec.ts']);
  });

  test('a changed spec calls for itself; features named otherwise call for theirs', () => {
    expect(specsFor(['test/e2e/visits.spec.ts'], specs)).toEqual(['visits.spec.ts']);
    expect(specsFor(['web/features/auth/components/set-password-form.tsx'], specs)).toEqual(['auth.spec.ts', 'mfa.spec.ts', 'session.spec.ts']);
  });

  test('what every screen shares calls for the specs that hold rules across screens', () => {
    const shared = SHARED_SPECS.map((s) => `${s}.spec.ts`).sort();
    expect(specsFor(['web/components/pickers/property-picker.tsx'], specs)).toEqual(shared);
    expect(specsFor(['lambdas/shared/http/respond.ts'], specs)).toEqual(shared);
    expect(specsFor(['playwright.config.ts'], specs)).toEqual(shared);
    // Every name the list gives is a spec that exists.
    expect(shared.filter((s) => !specs.includes(s))).toEqual([]);
  });

  test('documentation and infrastructure alone call for no browser spec', () => {
    expect(specsFor(['docs/testing.md', 'infra/portal-stack.ts', 'README.md'], specs)).toEqual([]);
  });
});
