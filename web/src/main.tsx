import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './index.css';

window.addEventListener('unhandledrejection', (e) => console.error('Unhandled promise rejection', e.reason));
window.addEventListener('error', (e) => console.error('Uncaught error', e.error));

// A transition (issue 30): React renders the app in slices of a few milliseconds, yielding to the browser between
// them, instead of one long task that a phone's CPU spends 200–400 ms in (Lighthouse's Total Blocking Time).
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
