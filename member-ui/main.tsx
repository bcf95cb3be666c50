import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles/app.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The page's own header and spinner (sent with the HTML) show until React's first render replaces them. On a
// slow phone the first render must not freeze the page: it starts in a task of its own, after the modules have
// been evaluated, and as a transition React renders it in slices.
setTimeout(() => {
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}, 0);
