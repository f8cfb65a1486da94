// Global styles first, so the admin's component styles come after and win ties (as in the browser).
import '@msp/apps-web/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BRIDGE_GLOBAL, type DesktopBridge } from '../../shared/bridge.js';
import { DesktopApp } from './DesktopApp.js';

const bridge = (window as unknown as Record<string, DesktopBridge | undefined>)[BRIDGE_GLOBAL];
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
if (!bridge) throw new Error('The desktop bridge is missing: the preload did not run.');
createRoot(root).render(
  <StrictMode>
    <DesktopApp bridge={bridge} />
  </StrictMode>,
);
