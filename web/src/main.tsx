import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

window.addEventListener('unhandledrejection', (e) => console.error('Unhandled promise rejection', e.reason));
window.addEventListener('error', (e) => console.error('Uncaught error', e.error));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
