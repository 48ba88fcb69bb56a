import auth from '../en/auth.json';
import find from '../en/find.json';
import mobas from '../en/mobas.json';
import shell from '../en/shell.json';
import work from '../en/work.json';

export default { auth, find, mobas, shell, work };
