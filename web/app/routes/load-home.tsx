import { lazy, Suspense, useState, type ComponentType } from 'react';
import { withQueries } from '../with-queries';

let loaded: ComponentType | null = null;
let loading: Promise<{ default: ComponentType }> | undefined;
const loadWithQueries = withQueries(() => import('./home'));

/**
 * Loads the home screen's code (with the data cache's, with-queries.ts). The log-in screen calls it once the user starts typing, so the
 * code is there when the log-in call answers, without weighing on the log-in route's first load.
 */
export const loadHome = () =>
  (loading ??= loadWithQueries().then(
    (m) => {
      // Once, so the screen is the same component however often this is called.
      loaded = m.default;
      return m;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  ));

const LazyHome = lazy(loadHome);

/**
 * The home screen; rendered directly when its code was loaded before it mounted, since suspending
 * on an already-loaded lazy component still costs React's suspense reveal delay (about 300 ms).
 * The choice is made once per mount: switching from the lazy element to the loaded one at a later
 * render (any change of address re-renders this) would mount the home screen afresh and drop its
 * state, such as a dialog just opened (a Documents click right after a reload or a quick log-in
 * opened nothing).
 */
export function HomeScreen() {
  const [Loaded] = useState(() => loaded);
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={null}>
      <LazyHome />
    </Suspense>
  );
}
