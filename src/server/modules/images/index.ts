/**
 * The images module's front door (decision 0162): what the rest of the server may use of it.
 * Its repositories and other files are its own.
 */
export { deleteImagesExcept, findImages } from './images.repository';
