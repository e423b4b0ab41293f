import { BrowserRouter } from 'react-router';
import { AppProvider } from './provider';
import { AppRoutes, preloadSignedInChunks } from './router';

preloadSignedInChunks(window.location.pathname);

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
