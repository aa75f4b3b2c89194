import { lazy, Suspense, type ComponentType } from 'react';

let loaded: ComponentType | null = null;

/**
 * Loads the home screen's code. The log-in screen calls it once the user starts typing, so the
 * code is there when the log-in call answers, without weighing on the log-in route's first load.
 */
export const loadHome = () =>
  import('./home').then((m) => {
    loaded = m.default;
    return m;
  });

const LazyHome = lazy(loadHome);

/**
 * The home screen; rendered directly once its code is loaded, since suspending on an
 * already-loaded lazy component still costs React's suspense reveal delay (about 300 ms).
 */
export function HomeScreen() {
  const Loaded = loaded;
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={null}>
      <LazyHome />
    </Suspense>
  );
}
