import { createRoot } from 'react-dom/client';
import { EmbedApp } from './embed-app';
import { TokenKeeper } from './token';
import './embed.css';

const keeper = new TokenKeeper();
createRoot(document.getElementById('embed-root')!).render(<EmbedApp keeper={keeper} />);
