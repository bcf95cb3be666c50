// One reading of user agents for the app's device list and the server's new-sign-in email.
export { deviceName, isMobileAgent } from '../../../../contracts/device-name';
