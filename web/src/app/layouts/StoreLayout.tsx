import { Provider } from 'react-redux';
import { Outlet } from 'react-router-dom';
import { store } from '../../lib/store';

/** Redux + RTK Query arrive with the first page that talks to the API, never with the home page. */
export default function StoreLayout() {
  return (
    <Provider store={store}>
      <Outlet />
    </Provider>
  );
}
