import { lazy, useState, type ComponentType } from 'react';

/**
 * The component, drawn at once when its code is here, else through React.lazy (inside the caller's
 * Suspense), with `preload()`: fetches the code now (once; again after a failure).
 */
export type Preloadable<P extends object> = ComponentType<P> & { preload(): Promise<ComponentType<P>> };

/**
 * A component whose code loads on first use, or earlier through `preload()`. React.lazy alone
 * suspends on its first render even when the code arrived long before (its factory's promise is
 * a new one, still pending), and a suspended screen is revealed only after React's throttle of
 * about 300 ms: a prefetched dialog still opened 0.45-0.5 s after its click, and the telemetry
 * dashboard asked for its data 0.4 s after the click on Analytics (issue 42). Here the code a
 * preload brought is drawn directly.
 *
 * The choice is made once per mount: switching from the lazy element to the loaded one at a
 * later render would mount the component afresh and drop its state (a dialog just opened).
 */
export function preloadable<P extends object>(load: () => Promise<ComponentType<P>>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function PreloadableComponent(props: P) {
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(PreloadableComponent, { preload });
}
