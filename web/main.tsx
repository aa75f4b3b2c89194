import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { ConfigError } from './app/config-error';
import { loadPublicConfig } from './lib/public-config';

const root = createRoot(document.getElementById('root')!);

// config.json first: every stage-specific setting (the pool, the product name) comes from it.
loadPublicConfig().then(
  () =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  (error: unknown) => {
    console.error('Failed to load config.json:', error);
    root.render(<ConfigError />);
  },
);
