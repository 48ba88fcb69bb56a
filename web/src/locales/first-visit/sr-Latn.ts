import auth from '../sr-Latn/auth.json';
import find from '../sr-Latn/find.json';
import mobas from '../sr-Latn/mobas.json';
import shell from '../sr-Latn/shell.json';
import work from '../sr-Latn/work.json';

export default { auth, find, mobas, shell, work };
