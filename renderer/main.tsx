// Renderer entry: connect to the engine (IPC or browser-mode socket), then mount the app.
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createEngineClient } from './api/client';
import { App } from './app/App';
import { BootFailure } from './app/BootFailure';
import { prefetchFirstScreen } from './app/first-screen';
import { afterNextPaint } from './app/after-next-paint';
import { preloadViews } from './features/viewer/lazy-views';
import { applyStoredTheme } from './app/use-theme';
import { initI18n } from './i18n/i18n';
import { storedLanguage } from './i18n/use-language';
import { followEngineEvents } from './queries/engine-events';
import { createQueryClient } from './queries/query-client';
import './styles/app.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html lacks #root');
const root = createRoot(rootElement);
applyStoredTheme();
initI18n(storedLanguage());

createEngineClient().then(
  async client => {
    const queryClient = createQueryClient();
    // Followed from before the first call: a server's state change between its answer and the app's mount is kept.
    followEngineEvents(client, queryClient);
    const firstScreen = await prefetchFirstScreen(queryClient, client);
    root.render(
      <StrictMode>
        <App client={client} queryClient={queryClient} />
      </StrictMode>
    );
    // Once the last known lists are drawn (a task for the query notifications and React's render of them, then
    // that render's frame), the engine starts the local servers it held back for them, and the page fetches the
    // viewer's chunks in its idle time: before, their fetch and highlight.js's start ran while the lists arrived.
    void firstScreen.lastKnown.then(() =>
      setTimeout(
        () =>
          afterNextPaint(() => {
            void client.call('app.firstScreenShown', {}).catch(() => undefined);
            preloadViews();
          }),
        0
      )
    );
  },
  (error: unknown) => root.render(<BootFailure error={error} />)
);
