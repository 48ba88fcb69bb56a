/** What a component's CSS import resolves to in unit tests: nothing (Vite bundles the sheet). */
export {};
