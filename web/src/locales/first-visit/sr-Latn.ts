import auth from '../sr-Latn/auth.json';
import errors from '../sr-Latn/errors.json';
import find from '../sr-Latn/find.json';
import mobas from '../sr-Latn/mobas.json';
import shell from '../sr-Latn/shell.json';

export default { auth, errors, find, mobas, shell };
