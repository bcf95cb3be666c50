import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles/ops.css';

const container = document.getElementById('root');
if (!container) throw new Error('The ops console needs a #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
