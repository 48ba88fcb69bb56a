import auth from '../en/auth.json';
import find from '../en/find.json';
import mobas from '../en/mobas.json';
import shell from '../en/shell.json';

export default { auth, find, mobas, shell };
