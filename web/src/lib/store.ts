import { configureStore } from '@reduxjs/toolkit';
import { baseApi } from './api';

/** The one store. Loaded only by code-split routes, so the public pages never pay for it. */
export const store = configureStore({
  reducer: { [baseApi.reducerPath]: baseApi.reducer },
  middleware: (getDefault) => getDefault().concat(baseApi.middleware),
});
export type RootState = ReturnType<typeof store.getState>;
export type AppDispatch = typeof store.dispatch;
