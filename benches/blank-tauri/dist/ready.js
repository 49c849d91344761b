// The page has loaded: one call to the backend (the benchmark watches the window's new title).
window.__TAURI__.core.invoke('page_ready');
