import './styles/global.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nRoot } from './app/i18n';
import { queryClient } from './app/query-client';
import { AppRoutes } from './app/router';
import { BrowserRouter } from './lib/browser-router';
import { activateLocale, browserLocale } from './lib/i18n';

// The first paint is in the browser's language: a French or Arabic catalog is fetched before it.
// A promise, not a top-level await: with one, Rolldown splits the entry into many chunks (+7 KB).
void activateLocale(browserLocale()).then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <I18nRoot>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </I18nRoot>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
