/** The tip id that records the welcome steps as done (user/dismissTip.do). */
export const WELCOME_TIP = 'welcome';
