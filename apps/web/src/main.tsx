import './lib/zod-without-eval.ts';
import '@fontsource-variable/inter';
import '@fontsource-variable/lexend';
import '@fontsource-variable/jetbrains-mono';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import '@mantine/spotlight/styles.css';
import './app/shell.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { applyAppStylesheet } from './app/app-stylesheet.ts';
import './app/feature-extensions.ts';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';

// Styles first (they load beside this script), then a transition: React splits the first render
// into short tasks, so the page stays responsive while the app mounts behind the splash.
void applyAppStylesheet().then(() =>
  startTransition(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  ),
);
