import { contextBridge, ipcRenderer } from 'electron';
import { BRIDGE_GLOBAL } from '../shared/bridge.js';
import { createBridge } from './bridge.js';

// The renderer gets the narrow bridge, never ipcRenderer (Electron's security checklist).
contextBridge.exposeInMainWorld(BRIDGE_GLOBAL, createBridge(ipcRenderer));
