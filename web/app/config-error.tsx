/** Shown when /config.json cannot be read: without it the app knows neither its pool nor its product. */
export const configErrorStrings = {
  heading: 'The portal could not start',
  body: 'Its settings could not be loaded. Please reload the page in a moment; if this keeps happening, contact your administrator.',
  reload: 'Reload',
} as const;

// Plain elements and inline styles: this screen must work when nothing else has loaded.
export function ConfigError() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 520, margin: '15vh auto', padding: '0 24px', textAlign: 'center', color: '#1f2937' }}>
      <img src="/logo.svg" alt="logo" width={120} style={{ marginBottom: 24 }} />
      <h1 style={{ fontSize: 24, margin: '0 0 12px' }}>{configErrorStrings.heading}</h1>
      <p role="alert" style={{ lineHeight: 1.5, margin: '0 0 24px' }}>
        {configErrorStrings.body}
      </p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        style={{ font: 'inherit', padding: '8px 20px', borderRadius: 4, border: 0, background: '#0b4f8a', color: '#fff', cursor: 'pointer' }}
      >
        {configErrorStrings.reload}
      </button>
    </main>
  );
}
