/**
 * The import boundaries (lint/boundaries.js), through ESLint with the repo's own configuration: an
 * import that runs back up fails `npm run lint`, and the allowed directions pass.
 */
import { ESLint } from 'eslint';
import path from 'node:path';
import { ROOT } from '../../../infra/function-construct.js';

const eslint = new ESLint({ cwd: ROOT });

/** The boundary messages ESLint gives `code` as if it were the file `file` (repo-relative). */
async function messages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'portal/boundaries').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['lambdas/users/x.ts', "import { tables } from '../../infra/tables.js';\nexport const t = tables;", 'lambdas/ may not import infra/'],
    ['lambdas/shared/platform/x.ts', "export { a } from '../../../web/lib/a.js';", 'lambdas/ may not import web/'],
    ['lambdas/shared/domain/reports/x.ts', "export const m = () => import('../../../../test/support/stack.js');", 'lambdas/ may not import test/'],
    ['lambdas/shared/platform/x.ts', "export * from '../../users/signup.js';", 'lambdas/shared/ may not import a handler'],
    ['web/features/x.ts', "import { userPool } from '../../lambdas/shared/resources/definitions';\nexport const u = userPool;", 'web/ may import from lambdas/ only lambdas/shared/contract/'],
    ['web/features/x.ts', "import { handler } from '../../lambdas/users/signup';\nexport const h = handler;", 'web/ may import from lambdas/ only lambdas/shared/contract/'],
  ])('%s: import #%# refused', async (file, code, why) => {
    const found = await messages(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(why);
  });

  it.each([
    ['lambdas/users/x.ts', "import { tables } from '../shared/resources/tables.js';\nexport const t = tables;"],
    ['lambdas/shared/platform/x.ts', "import { routes } from '../../routes.js';\nexport const r = routes;"],
    ['infra/x.ts', "import { tables } from '../lambdas/shared/resources/tables.js';\nexport const t = tables;"],
    ['web/features/x.ts', "import { PeriodSchema } from '../../lambdas/shared/contract/period';\nexport const p = PeriodSchema;"],
    ['web/features/x.test.ts', "import { userPool } from '../../lambdas/shared/resources/definitions';\nexport const u = userPool;"],
  ])('%s: import #%# allowed', async (file, code) => {
    expect(await messages(file, code)).toEqual([]);
  });
});
