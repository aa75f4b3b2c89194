import { Suspense, type ComponentType } from 'react';
import { preloadable } from '../../lib/preloadable';
import { withQueries } from '../with-queries';

const Home = preloadable<object>(() => withQueries(() => import('./home'))().then((m) => m.default as ComponentType<object>));

/**
 * Loads the home screen's code (with the data cache's, with-queries.ts). The log-in screen calls it once the user starts typing, so the
 * code is there when the log-in call answers, without weighing on the log-in route's first load.
 */
export const loadHome = Home.preload;

/**
 * The home screen; drawn directly when its code was loaded before it mounted (lib/preloadable.tsx:
 * suspending on code already here still costs React's reveal delay of about 300 ms).
 */
export function HomeScreen() {
  return (
    <Suspense fallback={null}>
      <Home />
    </Suspense>
  );
}
