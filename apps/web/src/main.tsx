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
import './app/feature-extensions.ts';
import { AppProviders } from './app/providers.tsx';
import { router } from './app/router.tsx';

// A transition lets React split the first render into short tasks, so the page stays responsive
// (and input is not blocked) while the app mounts behind the splash.
startTransition(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
